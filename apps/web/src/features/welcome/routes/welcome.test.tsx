import { Profiler } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { i18next } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../test/match-media';
import { renderRoutes } from '../../../test/render';
import { WelcomeRoute } from './welcome';

beforeAll(async () => {
  await i18next.loadNamespaces(['welcome']);
  // Embla measures with these; jsdom has neither.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
});

function standalone(on: boolean) {
  stubMatchMedia((query) => on && query.includes('standalone'));
}

describe('/welcome', () => {
  it('has four slides with the install help in the browser', () => {
    standalone(false);
    renderRoutes([{ path: '/welcome', Component: WelcomeRoute }], '/welcome');
    expect(screen.getAllByRole('button', { name: /^Slide \d of 4$/ })).toHaveLength(4);
    expect(document.querySelector('.dots--tight')).not.toBeNull();
    expect(document.body).toHaveTextContent('Add Jono to your home screen');
  });

  it('has three slides and no install help when installed', () => {
    standalone(true);
    renderRoutes([{ path: '/welcome', Component: WelcomeRoute }], '/welcome');
    expect(screen.getAllByRole('button', { name: /^Slide \d of 3$/ })).toHaveLength(3);
    expect(document.querySelector('.dots--tight')).toBeNull();
    expect(document.body).not.toHaveTextContent('Add Jono to your home screen');
  });

  it('draws once when it appears, not a second time inside that commit', () => {
    // The carousel's viewport was a state setter used as the ref: React called it while
    // committing the first render, and an update there is rendered again at once, synchronously
    // (the whole screen twice in a first visit's commit task).
    standalone(false);
    const phases: string[] = [];
    renderRoutes(
      [
        {
          path: '/welcome',
          element: (
            <Profiler id="welcome" onRender={(_id, phase) => phases.push(phase)}>
              <WelcomeRoute />
            </Profiler>
          ),
        },
      ],
      '/welcome',
    );
    expect(screen.getAllByRole('button', { name: /^Slide \d of 4$/ })).toHaveLength(4);
    expect(phases[0]).toBe('mount');
    expect(phases).not.toContain('nested-update');
  });

  it('draws the first slide first and every other slide right after it', async () => {
    standalone(false);
    let firstCommit: { slides: number; texts: string[] } | null = null;
    renderRoutes(
      [
        {
          path: '/welcome',
          element: (
            <Profiler
              id="welcome"
              onRender={(_id, phase) => {
                if (phase !== 'mount') return;
                const slides = [...document.querySelectorAll('.carousel__slide')];
                firstCommit = { slides: slides.length, texts: slides.map((s) => s.textContent) };
              }}
            >
              <WelcomeRoute />
            </Profiler>
          ),
        },
      ],
      '/welcome',
    );
    // The first commit: four slides, the first one's content only.
    expect(firstCommit).toEqual({
      slides: 4,
      texts: [expect.stringContaining('Skip the wait at the barber'), '', '', ''],
    });
    // Then every slide's content, its links included.
    expect(await screen.findByRole('heading', { name: 'Why Jono?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Add Jono to your home screen' }),
    ).toBeInTheDocument();
  });
});

describe('/tutorial after registering', () => {
  it('takes a new customer back to the services they chose before creating their account', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const { TutorialRoute } = await import('./pages');
    const { useOrderDraftStore } = await import('../../order/stores/order-draft-store');
    const { useLocaleStore } = await import('../../../lib/locale-store');
    useLocaleStore.setState({ locale: 'FI', language: 'en' });
    useOrderDraftStore.getState().reset(1);
    useOrderDraftStore.getState().apply((d) => ({ ...d, serviceIds: [11] }));
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/tutorial', Component: TutorialRoute },
        { path: '/barbershop/:id', element: <h1>{'Shop'}</h1> },
        { path: '/home', element: <h1>{'Shops'}</h1> },
      ],
      '/tutorial',
    );
    await user.click(await screen.findByRole('button', { name: 'Continue without location' }));
    expect(router.state.location.pathname).toBe('/barbershop/1');
    expect(useOrderDraftStore.getState().draft.serviceIds).toEqual([11]);
  });
});
