// Jono's design system: the icon set and the primitives both apps use. Tokens and the primitives'
// classes are in styles.css (`import '@jono/ui/styles.css'` once in each app's entry). Every export
// is a plain function, so a screen's bundle keeps only what it imports.
export { Svg, type IconProps } from './icon';
export * from './icons';
export { Button, buttonClass, type ButtonVariant } from './button';
export { Dialog, ConfirmDialog, type DialogProps, type ConfirmDialogProps } from './dialog';
export {
  Field,
  FieldError,
  TextField,
  SelectField,
  TextAreaField,
  CheckboxField,
  FormAlert,
  type ControlProps,
} from './field';
export { Toaster, useToast, type Toast } from './toast';
export { UiLabelsProvider, useUiLabels, type UiLabels } from './labels';
export { pushLive, readLive, type LiveUpdate } from './live-cache';
