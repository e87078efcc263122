// Types of static/js/boot/build.mjs, which tools/build_boot.py writes into each build (for tsc).
export declare const PYODIDE_URL: string;
export declare const PACKAGE_URL: string;
/** Pyodide's standard library, its start-up modules byte-compiled (loadPyodide's stdLibURL) */
export declare const STDLIB_URL: string;
/** null: a build made with --without snapshot */
export declare const SNAPSHOT_KEY: string | null;
export declare const SNAPSHOT_IMPORTS: string[];
