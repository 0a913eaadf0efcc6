'use server';

import type { Result } from '@/lib/result';
import { asPermittedAction, objectIdOrNull } from '@/server/catalogue/admin/admin-action';
import { countBuyers } from '@/server/catalogue/admin/unlisting';

/** How many bought a course or book: the delete confirmation says they keep access. */
export async function countBuyersAction(itemId: unknown): Promise<Result<{ buyers: number }>> {
  return asPermittedAction('manageCatalogue', async () => {
    const id = objectIdOrNull(itemId);
    if (!id) return { ok: false, message: 'thisItemNoLongerExists' };
    return { ok: true, data: { buyers: await countBuyers(id) } };
  });
}
