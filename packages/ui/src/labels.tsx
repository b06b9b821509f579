// The few texts the primitives need of their own (the close button's name), given once by each
// app in its own language: the package has no translations.
import { createContext, useContext, type ReactNode } from 'react';

export interface UiLabels {
  /** The accessible name of a dialog's close button. */
  close: string;
}

const UiLabelsContext = createContext<UiLabels>({ close: 'Close' });

export function UiLabelsProvider({ labels, children }: { labels: UiLabels; children: ReactNode }) {
  return <UiLabelsContext.Provider value={labels}>{children}</UiLabelsContext.Provider>;
}

export const useUiLabels = (): UiLabels => useContext(UiLabelsContext);
