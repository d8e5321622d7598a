/** What the 'Select all transactions' / 'Clear selection' toggle offers, if anything. */
export type SelectAllOffer = 'select-all' | 'clear' | null;

export interface SelectAllInput {
  /** The user chose every filtered transaction (the action then applies by filter). */
  allFiltered: boolean;
  selectedOnPage: number;
  rowsOnPage: number;
  totalRecords: number;
}

/**
 * Every filtered transaction can be chosen once the whole page is selected and other pages exist
 * (specification 2, section 4); once chosen, the toggle clears it.
 */
export function selectAllOfferOf(input: SelectAllInput): SelectAllOffer {
  if (input.allFiltered) return 'clear';
  const wholePage = input.rowsOnPage > 0 && input.selectedOnPage === input.rowsOnPage;
  return wholePage && input.totalRecords > input.rowsOnPage ? 'select-all' : null;
}

/** How many transactions an action would cover. */
export function selectedCountOf(input: SelectAllInput): number {
  return input.allFiltered ? input.totalRecords : input.selectedOnPage;
}
