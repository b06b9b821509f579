// The app's link navigates inside the router on a plain click, with the given history state, and
// leaves modified clicks to the browser.
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Link to="/barbershop/3" state={{ transition: 'slide-left' }} className="card">
                {'Shop 3'}
              </Link>
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('is an anchor to the path and navigates there with its state on a click', () => {
    renderAt('/home');
    const link = screen.getByRole('link', { name: 'Shop 3' });
    expect(link).toHaveAttribute('href', '/barbershop/3');
    expect(link).toHaveClass('card');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/barbershop/3 {"transition":"slide-left"}',
    );
  });

  it('leaves a ctrl-click (a new tab) to the browser', () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('link', { name: 'Shop 3' }), { ctrlKey: true });
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
  });
});
