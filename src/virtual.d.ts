declare module 'virtual:site-data' {
  const data: import('./engine/site-data').SiteData;
  export default data;
}
