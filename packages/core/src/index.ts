/**
 * @parley/core: the platform-neutral domain of Parley. Import an area by its subpath
 * (`@parley/core/providers`, `@parley/core/entities`, `@parley/core/storage`, ...); this root
 * module only carries what every area shares.
 */
export const PARLEY_CORE_VERSION = '0.1.0';
