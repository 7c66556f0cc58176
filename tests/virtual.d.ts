declare module 'virtual:site-data' {
  const data: import('../src/engine/site-data').SiteData;
  export default data;
}
