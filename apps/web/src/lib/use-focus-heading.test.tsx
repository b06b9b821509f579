import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { useFocusHeading } from './use-focus-heading';

function Page({ path, title }: { path: string; title: string | null }) {
  useFocusHeading(path);
  return <div className="page">{title ? <h1>{title}</h1> : <p>{'Loading'}</p>}</div>;
}

describe('focus after a page change', () => {
  it('stays put on the first page and moves to the next page’s heading, once it appears', async () => {
    const view = render(<Page path="/home" title="Shops" />);
    expect(document.activeElement).toBe(document.body);
    view.rerender(<Page path="/barbershop/1" title={null} />);
    view.rerender(<Page path="/barbershop/1" title="Jono Kamppi" />);
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    expect(document.activeElement).toHaveTextContent('Jono Kamppi');
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });
});
