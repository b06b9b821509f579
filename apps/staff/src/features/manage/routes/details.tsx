// /manage/details: the shop's name, address, map position and image as customers see them, and
// the shop's alert default for customers who did not choose.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, useToast } from '@jono/ui';
import { staffShopDetailsSchema, TEXT_MAX, type Pob } from '@jono/contract';
import { ErrorState, Loading } from '../../../components/ui/status';
import { useErrorText } from '../../../components/ui/use-error-text';
import { useShop } from '../../../lib/shop';
import { useSaveDetails } from '../api/shop-settings';
import { AlertDefaultSection } from '../components/alert-default-form';

export function DetailsRoute() {
  const shop = useShop();
  if (shop.isPending) return <Loading />;
  if (shop.isError) return <ErrorState error={shop.error} onRetry={() => void shop.refetch()} />;
  return (
    <>
      <DetailsForm shop={shop.data} />
      <AlertDefaultSection />
    </>
  );
}

const FIELDS = ['name', 'city', 'address', 'latitude', 'longitude', 'image'] as const;
type Field = (typeof FIELDS)[number];
/** Each field's limit as the contract sets it (staffShopDetailsSchema), for its message. */
const LIMITS: Record<Field, { max: number; required: boolean } | { example: string }> = {
  name: { max: TEXT_MAX.shopName, required: true },
  city: { max: 100, required: true },
  address: { max: 200, required: true },
  latitude: { example: '60.1699' },
  longitude: { example: '24.9384' },
  image: { max: 500, required: false },
};

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
  // A message that names the field and its limit.
  const problem = (field: Field) => {
    const limit = LIMITS[field];
    const name = t(`manage.details.${field}`);
    if ('example' in limit)
      return t('manage.limits.decimal', { field: name, example: limit.example });
    return limit.required
      ? t('manage.limits.between', { field: name, min: 1, max: limit.max })
      : t('manage.limits.atMost', { field: name, max: limit.max });
  };

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
              error={invalid.includes(field) ? problem(field) : undefined}
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
