// A service's long description in a bottom drawer (vaul); dragging down a third of its 60 %
// height closes it.
import { Drawer } from 'vaul';
import { useTranslation } from '../../../lib/use-translation';

interface ServiceInfoDrawerProps {
  service: { title: string; long_description: string; details: string } | null;
  onClose: () => void;
}

export function ServiceInfoDrawer({ service, onClose }: ServiceInfoDrawerProps) {
  const { t } = useTranslation('order');
  return (
    <Drawer.Root
      open={service !== null}
      onOpenChange={(open) => !open && onClose()}
      closeThreshold={1 / 3}
    >
      <Drawer.Portal>
        <Drawer.Overlay className="drawer__overlay" />
        <Drawer.Content className="drawer">
          <div className="drawer__handle" aria-hidden="true" />
          <Drawer.Title className="drawer__title">{service?.title}</Drawer.Title>
          <Drawer.Description className="drawer__text">
            {service?.long_description || service?.details}
          </Drawer.Description>
          <Drawer.Close className="button button--secondary">{t('service.closeInfo')}</Drawer.Close>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
