// Service groups with a selector that scrolls to each; services with title, description, price,
// an info button and, once chosen, their extra services.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Pob, Service } from '@jono/contract';
import { formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/locale-store';
import type { OrderDraft } from '../utils/order-draft';

// The drawer library (vaul, with Radix's dialog) is most of the shop page's code but only the
// info button needs it: it loads on the first tap.
const ServiceInfoDrawer = lazy(async () => ({
  default: (await import('./service-info-drawer')).ServiceInfoDrawer,
}));

interface ServiceListProps {
  shop: Pob;
  draft: OrderDraft;
  editable: boolean;
  onToggleService: (serviceId: number) => void;
  onToggleExtra: (serviceId: number, extraId: number) => void;
}

const groupAnchor = (id: number) => `service-group-${id}`;

export function ServiceList({
  shop,
  draft,
  editable,
  onToggleService,
  onToggleExtra,
}: ServiceListProps) {
  const { t } = useTranslation('order');
  const locale = useLocale();
  const [info, setInfo] = useState<Service | null>(null);
  /** Once asked for, the drawer stays mounted so that closing it animates. */
  const [infoWanted, setInfoWanted] = useState(false);

  const groups = useMemo(
    () =>
      [...shop.service_groups]
        .sort((a, b) => a.display_order - b.display_order)
        .map((group) => ({
          group,
          services: shop.services
            .filter((s) => s.group_id === group.id)
            .sort((a, b) => a.display_order - b.display_order),
        }))
        .filter((g) => g.services.length > 0),
    [shop],
  );

  return (
    <div className="services">
      {groups.length > 1 ? (
        <nav className="group-selector" aria-label={t('service.groups')}>
          {groups.map(({ group }) => (
            <button
              key={group.id}
              type="button"
              className="chip"
              onClick={() =>
                document
                  .getElementById(groupAnchor(group.id))
                  ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
              }
            >
              {group.title}
            </button>
          ))}
        </nav>
      ) : null}
      {groups.map(({ group, services }) => (
        <section
          key={group.id}
          id={groupAnchor(group.id)}
          className="service-group"
          aria-labelledby={`${groupAnchor(group.id)}-title`}
        >
          <h2 id={`${groupAnchor(group.id)}-title`} className="service-group__title">
            {group.title}
          </h2>
          {group.details ? <p className="service-group__details">{group.details}</p> : null}
          <ul className="list service-group__items">
            {services.map((service) => {
              const selected = draft.serviceIds.includes(service.id);
              const extras =
                shop.extra_services.find((e) => e.service_id === service.id)?.services ?? [];
              const inputId = `service-${service.id}`;
              return (
                <li
                  key={service.id}
                  className={`card service${selected ? ' service--selected' : ''}`}
                >
                  <div className="service__row">
                    <input
                      id={inputId}
                      type="checkbox"
                      className="service__check"
                      checked={selected}
                      disabled={!editable}
                      onChange={() => onToggleService(service.id)}
                      aria-describedby={`${inputId}-details`}
                    />
                    <label htmlFor={inputId} className="service__label">
                      <span className="service__title">{service.title}</span>
                      <span className="service__price">{formatPrice(service.price, locale)}</span>
                    </label>
                    <button
                      type="button"
                      className="icon-button service__info"
                      aria-label={t('service.info', { title: service.title })}
                      onClick={() => {
                        setInfoWanted(true);
                        setInfo(service);
                      }}
                    >
                      <span aria-hidden="true">i</span>
                    </button>
                  </div>
                  <p id={`${inputId}-details`} className="service__details">
                    {service.details}
                  </p>
                  {selected && extras.length ? (
                    <fieldset className="extras">
                      <legend>{t('service.extras')}</legend>
                      {extras.map((extra) => (
                        <label key={extra.id} className="checkbox extras__item">
                          <input
                            type="checkbox"
                            checked={(draft.extraServiceIds[service.id] ?? []).includes(extra.id)}
                            disabled={!editable}
                            onChange={() => onToggleExtra(service.id, extra.id)}
                          />
                          <span>{extra.title}</span>
                          <span className="extras__price">{`+${formatPrice(extra.price, locale)}`}</span>
                        </label>
                      ))}
                    </fieldset>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {infoWanted ? (
        <Suspense fallback={null}>
          <ServiceInfoDrawer service={info} onClose={() => setInfo(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
