const slug = (category: string) =>
  category
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

/** The class giving a category its colour ("category-very-high"). */
export const categoryClass = (category: string) =>
  `category-${category === 'Insufficient Legal Analysis' ? 'insufficient' : slug(category)}`;

/** Category chip in the category's colour (design tokens). */
export function CategoryBadge({ category }: { category: string }) {
  return <span className={`category-badge ${categoryClass(category)}`}>{category}</span>;
}
