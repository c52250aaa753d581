const slug = (category: string) =>
  category
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

/** Category chip in the category's colour (design tokens). */
export function CategoryBadge({ category }: { category: string }) {
  const cls = category === 'Insufficient Legal Analysis' ? 'insufficient' : slug(category);
  return <span className={`category-badge category-${cls}`}>{category}</span>;
}
