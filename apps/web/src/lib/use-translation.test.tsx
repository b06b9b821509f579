// The app's React binding of i18next: texts follow the language, and a namespace that is not
// loaded yet is fetched and shown when it arrives.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from './i18n';
import { useTranslation } from './use-translation';

function Texts({ ns }: { ns?: string }) {
  const { t, ready } = useTranslation(ns);
  return (
    <p data-testid="texts" data-ready={String(ready)}>
      {ns ? t('title') : t('loading')}
    </p>
  );
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('useTranslation', () => {
  it('translates the default namespace and follows a language change', async () => {
    render(<Texts />);
    expect(screen.getByTestId('texts')).toHaveTextContent('Loading…');
    await act(() => i18next.changeLanguage('fi'));
    expect(screen.getByTestId('texts')).toHaveTextContent('Ladataan…');
  });

  it('loads a namespace nobody asked for yet and shows its texts when it arrives', async () => {
    expect(i18next.hasLoadedNamespace('bonus')).toBe(false);
    render(<Texts ns="bonus" />);
    expect(await screen.findByText('Bonus')).toHaveAttribute('data-ready', 'true');
    expect(i18next.hasLoadedNamespace('bonus')).toBe(true);
  });
});
