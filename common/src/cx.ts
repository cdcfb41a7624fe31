/** Joins the truthy class names: the kit's tiny stand-in for a classnames library. */
export function cx(...classNames: Array<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(' ');
}
