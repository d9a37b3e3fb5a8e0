import {
  type CallResponse,
  type CartLineInput,
  ErrorCode,
  isExpired,
  type Language,
  LIMITS,
  cartLineOf,
  type ProductCard,
  selectionTotals,
  siteMoney,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import { type CallResult, fail, ok } from '@vitrine/contract';
import type { Clock } from '../../platform/clock';
import type { CartOwner, CartRepository } from './cart.repository';

/** Products shaped for the website and language (the catalogue provides it; app.ts wires it). */
export type ProductCards = (ids: number[], site: WebsiteInfo, lang: Language) => Promise<ProductCard[]>;

export interface CartServiceDeps {
  repo: CartRepository;
  clock: Clock;
  cards: ProductCards;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

export function createCartService({ repo, clock, cards }: CartServiceDeps) {
  return {
    /** A customer's server cart as ids and cartons, newest first (as the cart page lists it). */
    async lineInputs(owner: CartOwner): Promise<CartLineInput[]> {
      return (await repo.lines(owner)).map((r) => ({ id: r.product_id, ctn: r.ctn }));
    },

    async list(
      owner: CartOwner,
      site: WebsiteInfo,
      lang: Language,
    ): Promise<CallResult<CallResponse<'get_sample_car_list'>>> {
      const rows = await repo.lines(owner);
      const byId = new Map(
        (
          await cards(
            rows.map((r) => r.product_id),
            site,
            lang,
          )
        ).map((c) => [c.id, c]),
      );
      const lines = rows.flatMap((r) => {
        const product = byId.get(r.product_id);
        return product ? [cartLineOf(product, r.ctn, r.created_at)] : [];
      });
      return ok({ lines, totals: selectionTotals(lines, siteMoney(site)) });
    },

    /**
     * Adds products (ids, each with its default cartons) and merges lines (a visitor's cart at
     * login: a product already here keeps the larger number of cartons, so nothing is lost and
     * nothing counted twice). Expired products are refused when added, but kept when merged:
     * the buyer chose them before and should see them marked rather than silently dropped.
     * The whole request is refused if the cart would pass 1000 lines.
     */
    async add(
      owner: CartOwner,
      input: { ids: number[]; lines: CartLineInput[] },
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
    ): Promise<CallResult<CallResponse<'add_sample_car'>>> {
      const ids = unique(input.ids);
      const merge = new Map<number, number>();
      for (const l of input.lines) merge.set(l.id, Math.max(merge.get(l.id) ?? 0, l.ctn));
      if (ids.length === 0 && merge.size === 0) return fail(ErrorCode.FAILED, t('cart.nothingToAdd'));

      const products = new Map(
        (await cards(unique([...ids, ...merge.keys()]), site, lang)).map((c) => [c.id, c]),
      );
      const now = clock.now();
      return repo.exclusive(owner, async (cart) => {
        const existing = await cart.existing();
        const added: number[] = [];
        const already: number[] = [];
        const expired: number[] = [];
        const missing: number[] = [];
        const inserts: { productId: number; ctn: number }[] = [];
        const raises: { productId: number; ctn: number }[] = [];

        for (const id of ids) {
          const p = products.get(id);
          if (!p) missing.push(id);
          else if (existing.has(id) || merge.has(id)) {
            if (existing.has(id)) already.push(id);
          } else if (p.is_expire) expired.push(id);
          else
            inserts.push({
              productId: id,
              ctn: Math.min(LIMITS.CART_MAX_CTN, Math.max(1, p.purchase_number)),
            });
        }
        for (const [id, ctn] of merge) {
          if (!products.has(id)) missing.push(id);
          else if (!existing.has(id)) inserts.push({ productId: id, ctn });
          else if ((existing.get(id) ?? 0) < ctn) raises.push({ productId: id, ctn });
          else if (!already.includes(id)) already.push(id);
        }
        for (const r of raises) already.push(r.productId);

        if (existing.size + inserts.length > LIMITS.CART_MAX_LINES)
          return fail(ErrorCode.FAILED, t('cart.limit'));
        // Newest first: the first id asked for ends up on top.
        await cart.insert([...inserts].reverse(), now);
        for (const r of raises) await cart.setCtn(r.productId, r.ctn, now);
        added.push(...inserts.map((i) => i.productId));

        const data = { added, already, expired, missing, count: existing.size + inserts.length };
        let tip: string | undefined;
        if (added.length === 0 && raises.length === 0) {
          if (expired.length > 0) tip = t('cart.expired');
          else if (already.length > 0) tip = t('cart.alreadyInCart');
          else tip = t('cart.productMissing');
        } else tip = t('cart.added', { count: added.length });
        return ok(data, tip);
      });
    },

    async update(owner: CartOwner, lines: CartLineInput[]): Promise<CallResult<{ count: number }>> {
      const now = clock.now();
      return repo.exclusive(owner, async (cart) => {
        for (const l of lines) await cart.setCtn(l.id, l.ctn, now);
        return ok({ count: await cart.count() });
      });
    },

    async remove(owner: CartOwner, ids: number[]): Promise<CallResult<{ count: number }>> {
      return repo.exclusive(owner, async (cart) => {
        await cart.delete(unique(ids));
        return ok({ count: await cart.count() });
      });
    },

    /** The current price and expiry of products, by the rule of the website's toy_type. */
    async sync(ids: number[], site: WebsiteInfo): Promise<CallResult<CallResponse<'sync_toy'>>> {
      const rows = await repo.signals(site.company_id, unique(ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ok(
        unique(ids).flatMap((id) => {
          const r = byId.get(id);
          if (!r) return [];
          return [
            {
              id: r.id,
              exworks_price: site.show_price ? Number(r.exworks_price) : null,
              removed_time: r.removed_time,
              stop_time: r.stop_time,
              is_set_hide: r.is_set_hide ? 1 : 0,
              is_website_hide: r.is_website_hide ? 1 : 0,
              is_expire: r.is_expire || isExpired(r, site.toy_type) ? 1 : 0,
            } as const,
          ];
        }),
      );
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
