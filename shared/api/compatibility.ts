/** The Label Studio release whose API Outpost reproduces; reported as `release` and in error envelopes. */
export const LABEL_STUDIO_VERSION = '1.22.0';
/** The label-studio-sdk converter version that release bundles (its export formats). */
export const LABEL_STUDIO_CONVERTER_VERSION = '2.0.16';
