// A lazy route whose translations load with its code, so a screen never shows raw keys.
import type { ComponentType } from 'react';
import { i18next } from '../../lib/i18n';

export function lazyScreen(
  namespaces: string[],
  load: () => Promise<ComponentType>,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const [Component] = await Promise.all([load(), i18next.loadNamespaces(namespaces)]);
    return { Component };
  };
}
