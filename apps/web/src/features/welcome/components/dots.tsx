// Carousel dots: one per slide, clickable; a tighter style when there are more than three.
import { useTranslation } from '../../../lib/use-translation';

export function Dots({
  count,
  selected,
  onSelect,
}: {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('welcome');
  return (
    <div className={`dots${count > 3 ? ' dots--tight' : ''}`}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className="dots__dot"
          aria-label={t('dots.goTo', { number: index + 1, count })}
          aria-current={index === selected ? 'step' : undefined}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  );
}
