/** The task grid's fixed sizes: the window math and the benchmarks depend on them. */
export const ROW_HEIGHT = 44;
export const HEADER_HEIGHT = 40;
export const OVERSCAN = 6;
