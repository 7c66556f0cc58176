/** Id of the `<script type="application/json">` that carries the page document in prerendered HTML. */
export const PAGE_DATA_ID = 'page-data';
