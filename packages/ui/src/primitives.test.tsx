import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { ConfirmDialog } from './dialog';
import { CheckboxField, TextField } from './field';
import { IconHome } from './icons';

describe('TextField', () => {
  it('names its control by the label and describes it by the hint and the error', () => {
    render(<TextField label="Password" hint="At least 8 characters" error="Too short" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At least 8 characters Too short');
  });

  it('is not invalid and describes nothing without an error or hint', () => {
    render(<TextField label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('CheckboxField', () => {
  it('is a checkbox named by its label with its error as description', () => {
    render(<CheckboxField label="I accept the terms" error="Accept the terms to go on" />);
    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms' }),
    ).toHaveAccessibleDescription('Accept the terms to go on');
  });
});

describe('Button', () => {
  it('is disabled and marked busy while its action runs', () => {
    render(<Button busy>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('ConfirmDialog', () => {
  it('is an alert dialog with the given texts that confirms and cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Leave the queue?"
        description="You lose your place."
        cancelLabel="Stay"
        confirmLabel="Leave"
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    const user = userEvent.setup();
    expect(
      screen.getByRole('alertdialog', { name: 'Leave the queue?' }),
    ).toHaveAccessibleDescription('You lose your place.');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('icons', () => {
  it('are hidden from screen readers unless given a title', () => {
    const { container } = render(<IconHome />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    render(<IconHome title="Home" />);
    expect(screen.getByRole('img', { name: 'Home' })).toBeInTheDocument();
  });
});
