const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID, in either case: ids from addresses and forms are checked before any query casts them. */
export const isUuid = (value: string) => UUID.test(value);
