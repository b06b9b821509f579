// /manage/details: the shop's name, address, map position and image as customers see them.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, useToast } from '@jono/ui';
import { staffShopDetailsSchema, type Pob } from '@jono/contract';
import { ErrorState, Loading } from '../../../components/ui/status';
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
            <TextField
              key={field}
              label={t(`manage.details.${field}`)}
              value={values[field]}
              error={invalid.includes(field) ? t('manage.details.invalid') : undefined}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            />
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
