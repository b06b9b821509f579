// /manage/details: the shop's name, address, map position and image as customers see them.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffShopDetailsSchema, type Pob } from '@jono/contract';
import { ErrorState, Loading } from '../../../components/ui/status';
import { useToast } from '@jono/ui';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useShop } from '../../../lib/shop';
import { useSaveDetails } from '../api/shop-settings';

export function DetailsRoute() {
  const shop = useShop();
  if (shop.isPending) return <Loading />;
  if (shop.isError) return <ErrorState error={shop.error} onRetry={() => void shop.refetch()} />;
  return <DetailsForm shop={shop.data} />;
}

const FIELDS = ['name', 'city', 'address', 'latitude', 'longitude', 'image'] as const;
type Field = (typeof FIELDS)[number];

function DetailsForm({ shop }: { shop: Pob }) {
  const { t } = useTranslation();
  const save = useSaveDetails();
  const toast = useToast();
  const errorText = useErrorText();
  const [values, setValues] = useState<Record<Field, string>>({
    name: shop.name,
    city: shop.city,
    address: shop.address,
    latitude: shop.location.latitude,
    longitude: shop.location.longitude,
    image: shop.image === false ? '' : shop.image,
  });
  const [invalid, setInvalid] = useState<Field[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = { ...values, image: values.image.trim() === '' ? null : values.image.trim() };
    const parsed = staffShopDetailsSchema.safeParse(payload);
    if (!parsed.success) {
      setInvalid(parsed.error.issues.map((issue) => issue.path[0] as Field));
      return;
    }
    setInvalid([]);
    save.mutate(parsed.data, {
      onSuccess: () => toast({ message: t('manage.saved') }),
      onError: (error) => toast({ message: errorText(error), tone: 'error' }),
    });
  };

  return (
    <section className="panel" aria-labelledby="details-title">
      <h2 id="details-title">{t('manage.details.title')}</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="grid-2">
          {FIELDS.map((field) => (
            <div key={field} className="field">
              <label htmlFor={`details-${field}`}>{t(`manage.details.${field}`)}</label>
              <input
                id={`details-${field}`}
                value={values[field]}
                aria-invalid={invalid.includes(field) || undefined}
                aria-describedby={invalid.includes(field) ? `details-${field}-error` : undefined}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
              {invalid.includes(field) && (
                <small id={`details-${field}-error`} className="form-error">
                  {t('manage.details.invalid')}
                </small>
              )}
            </div>
          ))}
        </div>
        <div className="row row--end">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
