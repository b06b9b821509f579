import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { PublicBarber, ServiceTimeEstimate } from '@jono/contract';
import { useLocaleStore } from '../../lib/locale-store';
import { estimate, makeBarber } from '../../test/barbers';
import { BarberPicker } from './barber-picker';

const wait = estimate;

const shopWaits: ServiceTimeEstimate[] = [wait(3, 5, 0, 10), wait(0, 20, 10, 30)];

const aino = makeBarber({
  id: 1,
  first_name: 'Aino',
  photo: '/media/barbers/1.jpg',
  languages: ['fi', 'en'],
  specialities: 'Skin fades, beards',
  service_time_estimates: [wait(3, 15, 10, 25), wait(0, 40, 30, 55)],
});
// 12:30 in Helsinki (UTC+2 in November).
const mikko = makeBarber({
  id: 2,
  first_name: 'Mikko',
  on_duty: false,
  next_shift_at: '2026-11-26T10:30:00.000Z',
  service_time_estimates: [wait(0, 90, 70, 120)],
});

function Harness({
  barbers = [aino, mikko],
  priority = null,
  onChange = () => {},
}: {
  barbers?: PublicBarber[];
  priority?: number | null;
  onChange?: (id: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <BarberPicker
      barbers={barbers}
      shopEstimates={shopWaits}
      priority={priority}
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
      timeZone="Europe/Helsinki"
    />
  );
}

beforeEach(() => useLocaleStore.setState({ locale: 'FI', language: 'en' }));

describe('the barber picker', () => {
  it('is a named radio group with first available first and checked', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Barber' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: 'First available' })).toBeChecked();
    expect(radios[0]).toBe(within(group).getByRole('radio', { name: 'First available' }));
    expect(radios[1]).toBe(within(group).getByRole('radio', { name: 'Aino' }));
  });

  it('describes each choice by its wait for a one-time customer and when the barber works', () => {
    render(<Harness />);
    expect(screen.getByRole('radio', { name: 'First available' })).toHaveAccessibleDescription(
      /about 20 minutes, likely between 10 and 30 minutes/,
    );
    const aino = screen.getByRole('radio', { name: 'Aino' });
    expect(aino).toHaveAccessibleDescription(/about 40 minutes, likely between 30 and 55 minutes/);
    expect(aino).toHaveAccessibleDescription(
      /At work now · Speaks Finnish, English · Skin fades, beards/,
    );
    // An off-duty barber starts later today, at the shop's time.
    expect(screen.getByRole('radio', { name: 'Mikko' })).toHaveAccessibleDescription(
      /From 12[.:]30/,
    );
  });

  it('says a barber planned now but not signed in is expected any moment, and may be chosen', async () => {
    const helmi = makeBarber({
      id: 3,
      first_name: 'Helmi',
      on_duty: false,
      next_shift_at: null,
      due_since: '2026-11-26T07:00:00.000Z',
      service_time_estimates: [wait(0, 20, 10, 30)],
    });
    const onChange = vi.fn();
    render(<Harness barbers={[aino, helmi]} onChange={onChange} />);
    const radio = screen.getByRole('radio', { name: 'Helmi' });
    expect(radio).toHaveAccessibleDescription(/Expected any moment \(shift from 9[.:]00\)/);
    await userEvent.setup().click(radio);
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it("shows a member the waits of the member's own priority", () => {
    render(<Harness priority={3} />);
    expect(screen.getByRole('radio', { name: 'First available' })).toHaveAccessibleDescription(
      /about 5 minutes, likely between 0 and 10/,
    );
    expect(screen.getByRole('radio', { name: 'Aino' })).toHaveAccessibleDescription(
      /about 15 minutes, likely between 10 and 25/,
    );
    // A barber without a wait for this priority shows the first one they have.
    expect(screen.getByRole('radio', { name: 'Mikko' })).toHaveAccessibleDescription(
      /about 90 minutes/,
    );
  });

  it('is chosen with the keyboard: Tab into the group, arrows move the choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'First available' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Aino' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Mikko' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'First available' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('is chosen by a tap anywhere on the card, and the photo is decorative', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByText('Skin fades, beards', { exact: false }));
    expect(screen.getByRole('radio', { name: 'Aino' })).toBeChecked();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the initial for a barber without a photo and cannot choose one done for the day', () => {
    const done = makeBarber({ id: 3, first_name: 'Ville', on_duty: false, next_shift_at: null });
    render(<Harness barbers={[mikko, done]} />);
    expect(screen.getByText('M')).toBeInTheDocument();
    const ville = screen.getByRole('radio', { name: 'Ville' });
    expect(ville).toBeDisabled();
    expect(ville).toHaveAccessibleDescription(/Not working any more today/);
  });
});
