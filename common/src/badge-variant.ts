/** The looks of a Badge; kept apart from the component so plain modules (roles) can name them. */
export type BadgeVariant =
  'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning';
