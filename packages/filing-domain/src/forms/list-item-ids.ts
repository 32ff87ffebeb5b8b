type Item = Record<string, unknown>;

function asItems(value: unknown): Item[] {
  return Array.isArray(value)
    ? value.filter((item): item is Item => typeof item === 'object' && item !== null)
    : [];
}

function key(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : value === undefined ? '' : String(value);
}

/**
 * Gives every item of a list an id: the one it has, else the id of the first unused `known` item
 * that `same` matches, else a new UUID. Items matched keep their ids through later updates.
 */
function withIds(items: Item[], known: Item[], same: (item: Item, old: Item) => boolean): Item[] {
  const used = new Set(items.map((item) => item.id).filter((id) => typeof id === 'string'));
  return items.map((item) => {
    if (typeof item.id === 'string') return item;
    const match = known.find((old) => typeof old.id === 'string' && !used.has(old.id) && same(item, old));
    const id = typeof match?.id === 'string' ? match.id : globalThis.crypto.randomUUID();
    used.add(id);
    return { id, ...item };
  });
}

/**
 * Gives the related parties of a single-member `formData`, and their transactions, the ids they
 * lack: a related party sent without an id keeps the id of the stored one with the same name, a
 * transaction the id of the stored one of that party with the same kind, amount and description;
 * anything else gets a new UUID.
 */
export function withRelatedPartyIds<T extends Item>(formData: T, stored: Item | undefined): T {
  if (!Array.isArray(formData.relatedParties)) return formData;
  const knownParties = asItems(stored?.relatedParties);
  const parties = withIds(
    asItems(formData.relatedParties),
    knownParties,
    (party, old) => key(party.name) !== '' && key(party.name) === key(old.name),
  ).map((party) => {
    if (!Array.isArray(party.transactions)) return party;
    const knownTransactions = asItems(knownParties.find((old) => old.id === party.id)?.transactions);
    const transactions = withIds(
      asItems(party.transactions),
      knownTransactions,
      (transaction, old) =>
        key(transaction.kind) === key(old.kind) &&
        key(transaction.amount) === key(old.amount) &&
        key(transaction.description) === key(old.description),
    );
    return { ...party, transactions };
  });
  return { ...formData, relatedParties: parties };
}

/**
 * Gives every partner of a partnership `formData` an id: the one it has, else the id of the stored
 * partner with the same tax id or, failing that, the same name, else a new UUID (the spec's partner
 * ids are UUIDs).
 */
export function withPartnerIds<T extends Item>(formData: T, stored: Item | undefined): T {
  if (!Array.isArray(formData.partners)) return formData;
  const known = (Array.isArray(stored?.partners) ? stored.partners : []) as Item[];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');
  const used = new Set<string>();
  const partners = (formData.partners as Item[]).map((partner) => {
    if (typeof partner.id === 'string') return partner;
    const match =
      known.find(
        (old) => !used.has(String(old.id)) && text(partner.tin) !== '' && text(old.tin) === text(partner.tin),
      ) ??
      known.find(
        (old) =>
          !used.has(String(old.id)) && text(partner.name) !== '' && text(old.name) === text(partner.name),
      );
    const id = typeof match?.id === 'string' ? match.id : globalThis.crypto.randomUUID();
    used.add(id);
    return { id, ...partner };
  });
  return { ...formData, partners };
}

/** A kind's list of form_data whose items carry ids, and how a create or update gives them. */
export interface ListItemIds {
  /** The top-level list (`relatedParties`, `partners`). */
  list: string;
  /** The form_data with ids on every item, those of `stored` (the form_data before) kept. */
  withIds<T extends Item>(formData: T, stored: Item | undefined): T;
}

/** An item an update's replacement list left out, as the update tools report it. */
export interface RemovedItem {
  list: string;
  id: string;
  name: string | null;
}
