import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, type TableColumnType } from 'antd';
import type { FavoriteStars } from './useFavoriteStars.ts';

const STARRED_COLOR = '#fbc700';

/** The star of one row: filled when the user made it a favourite; `data-starred` says which. */
export function FavoriteStar({
  starred,
  onToggle,
  testId,
}: {
  starred: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <Button
      type="text"
      size="small"
      aria-label={starred ? 'Remove from favorites' : 'Add to favorites'}
      icon={starred ? <StarFilled style={{ color: STARRED_COLOR }} /> : <StarOutlined />}
      onClick={onToggle}
      data-testid={testId}
      data-starred={starred ? 'true' : 'false'}
    />
  );
}

/** The narrow first column of a list with favourites: each row's star. */
export function favoriteColumn<Row extends { id: number }>(
  stars: FavoriteStars,
  testId: string,
): TableColumnType<Row> {
  return {
    key: 'favorite',
    width: 44,
    render: (_, row) => (
      <FavoriteStar
        starred={stars.isStarred(row.id)}
        onToggle={() => void stars.toggle(row.id)}
        testId={testId}
      />
    ),
  };
}
