/** Omit applied to each member of a union separately (plain Omit would merge the members). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
