import type { CallResponse } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectField } from '../../../components/SelectField';
import { useChosen } from '../../../lib/useChosen';
import type { CatalogParams } from './params';
import { catalogHref } from './params';
import classes from './catalog.module.css';

type Tree = CallResponse<'get_category'>;

/** The parent of the selected category (or the category itself when it is a parent). */
export function activeParentOf(tree: Tree, category: number | null): number | null {
  if (category === null) return null;
  for (const parent of tree) {
    if (parent.id === category || parent.children.some((c) => c.id === category)) return parent.id;
  }
  return null;
}

/** A category's name in the tree, or null. */
export function categoryName(tree: Tree | undefined, category: number | null): string | null {
  if (!tree || category === null) return null;
  for (const parent of tree) {
    if (parent.id === category) return parent.name;
    const child = parent.children.find((c) => c.id === category);
    if (child) return child.name;
  }
  return null;
}

interface CategoryNavProps {
  tree: Tree | undefined;
  params: CatalogParams;
}

/** The category tree as links (wide screens): parents, and the children of the open parent. */
export function CategoryTree({ tree, params }: CategoryNavProps) {
  const { t } = useTranslation();
  const open = tree ? activeParentOf(tree, params.category) : null;
  const href = (category: number | null) => catalogHref({ ...params, category, page: 1 });
  const current = (id: number | null) => (params.category === id ? 'page' : undefined);
  return (
    <nav className={classes.tree} aria-label={t('web.catalog.categories')}>
      <h2 className={classes.treeTitle}>{t('web.catalog.categories')}</h2>
      <ul>
        <li>
          <Link to={href(null)} aria-current={current(null)} className={classes.treeLink}>
            {t('web.catalog.allCategories')}
          </Link>
        </li>
        {(tree ?? []).map((parent) => (
          <li key={parent.id}>
            <Link
              to={href(parent.id)}
              aria-current={current(parent.id)}
              aria-expanded={parent.children.length > 0 ? open === parent.id : undefined}
              className={classes.treeLink}
              data-parent=""
            >
              {parent.name}
            </Link>
            {open === parent.id && parent.children.length > 0 ? (
              <ul className={classes.treeChildren}>
                {parent.children.map((child) => (
                  <li key={child.id}>
                    <Link to={href(child.id)} aria-current={current(child.id)} className={classes.treeLink}>
                      {child.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The category tree as one select (phones). */
export function CategorySelect({
  tree,
  params,
  onChange,
}: CategoryNavProps & { onChange(category: number | null): void }) {
  const { t } = useTranslation();
  // The buyer's choice shows at once, while the address catches up.
  const [category, chooseCategory] = useChosen(params.category);
  return (
    <SelectField
      className={classes.categorySelect}
      label={t('web.catalog.categories')}
      value={category === null ? '' : String(category)}
      onChange={(e) => {
        const next = e.currentTarget.value ? Number(e.currentTarget.value) : null;
        chooseCategory(next);
        onChange(next);
      }}
    >
      <option value="">{t('web.catalog.allCategories')}</option>
      {(tree ?? []).map((parent) => (
        <optgroup key={parent.id} label={parent.name}>
          <option value={String(parent.id)}>{parent.name}</option>
          {parent.children.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
