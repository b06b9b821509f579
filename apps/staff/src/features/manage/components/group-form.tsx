// Edits a service group's name and description in the market's language, English and any other
// language written.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@jono/ui';
import { MARKET_INFO, TEXT_MAX, type ContentTranslations, type Market } from '@jono/contract';
import { FormActions } from '../../../components/ui/form-actions';
import {
  textsFrom,
  translationsFrom,
  TranslatedTexts,
  type TextSpec,
  type TextsByLanguage,
} from './translated-texts';

type GroupField = 'title' | 'details';

export interface GroupValue {
  title: string;
  details: string;
  translations: ContentTranslations<GroupField>;
}

interface Props {
  initial: GroupValue;
  market: Market;
  pending: boolean;
  error: string | null;
  onSubmit: (value: GroupValue) => void;
  onCancel: () => void;
}

export function GroupForm({ initial, market, pending, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const own = MARKET_INFO[market].language;
  const [texts, setTexts] = useState<TextsByLanguage<GroupField>>(() =>
    textsFrom({ title: initial.title, details: initial.details }, initial.translations, own),
  );
  const [invalid, setInvalid] = useState(false);
  const fields: TextSpec<GroupField>[] = [
    {
      key: 'title',
      label: t('manage.services.groupName'),
      maxLength: TEXT_MAX.serviceTitle,
      required: true,
    },
    { key: 'details', label: t('manage.services.groupDescription'), maxLength: 500 },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const title = texts[own]?.title.trim() ?? '';
    if (!title) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit({
      title,
      details: texts[own]?.details.trim() ?? '',
      translations: translationsFrom(texts, own),
    });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TranslatedTexts own={own} fields={fields} value={texts} onChange={setTexts} />
      <FormAlert>
        {invalid ? t('manage.services.invalidGroup', { max: TEXT_MAX.serviceTitle }) : error}
      </FormAlert>
      <FormActions submitLabel={t('common.save')} pending={pending} onCancel={onCancel} />
    </form>
  );
}
