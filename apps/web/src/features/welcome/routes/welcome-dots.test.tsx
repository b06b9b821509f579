// The welcome dots against a carousel that moves as Embla does (jsdom lays nothing out, so the
// real one has a single snap here): a press on a dot the moment the carousel has started.
import { Profiler } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../test/match-media';
import { renderRoutes } from '../../../test/render';
import { WelcomeRoute } from './welcome';

type Listener = () => void;

/** Embla's part the screen uses: 'select' is emitted when, and only when, the slide changes. */
function fakeCarousel() {
  let index = 0;
  const listeners = new Map<string, Set<Listener>>();
  const carousel = {
    on(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      return carousel;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return carousel;
    },
    scrollTo(target: number) {
      if (target === index) return;
      index = target;
      for (const listener of listeners.get('select') ?? []) listener();
    },
    selectedScrollSnap: () => index,
    scrollSnapList: () => [0, 1, 2, 3],
    reInit() {},
    destroy() {},
  };
  return carousel;
}

const started = vi.hoisted(() => [] as unknown[]);
vi.mock('embla-carousel', () => ({
  default: Object.assign(
    () => {
      const carousel = fakeCarousel();
      started.push(carousel);
      return carousel;
    },
    { globalOptions: undefined },
  ),
}));

beforeAll(async () => {
  await i18next.loadNamespaces(['welcome']);
  stubMatchMedia();
});

describe('/welcome dots', () => {
  it('show the slide a dot chose the moment the carousel started, before the effects ran', async () => {
    // The press comes in the commit that hands the dots the carousel (a Profiler's onRender runs
    // there, before React's passive effects, which a browser may let an input event precede).
    let pressed = false;
    renderRoutes(
      [
        {
          path: '/welcome',
          element: (
            <Profiler
              id="welcome"
              onRender={() => {
                if (pressed || started.length === 0) return;
                const dot = document.querySelector<HTMLButtonElement>(
                  'button[aria-label="Slide 3 of 4"]',
                );
                if (!dot) return;
                pressed = true;
                dot.click();
              }}
            >
              <WelcomeRoute />
            </Profiler>
          ),
        },
      ],
      '/welcome',
    );
    await waitFor(() => expect(pressed).toBe(true));
    const third = screen.getByRole('button', { name: 'Slide 3 of 4' });
    // Pressed again once everything has settled: the carousel is already there and says nothing.
    await userEvent.click(third);
    await waitFor(() => expect(third).toHaveAttribute('aria-current', 'step'));
    expect(screen.getByRole('button', { name: 'Slide 1 of 4' })).not.toHaveAttribute(
      'aria-current',
    );
    // The chosen slide is the one a keyboard can reach; the first is inert.
    const slides = document.querySelectorAll('.carousel__slide');
    expect(slides[2]).not.toHaveAttribute('inert');
    expect(slides[0]).toHaveAttribute('inert');
  });
});
