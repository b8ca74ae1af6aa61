/** True in the static site's build (scripts/build-static): no server behind the page. */
declare const __SPACECHESS_STATIC__: boolean;
