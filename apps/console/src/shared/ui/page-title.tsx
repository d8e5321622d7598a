import { getProductName } from '../runtime-config';

/** Sets the document title; every title ends with the product name. */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${getProductName()}`}</title>;
}
