declare module 'virtual:site-data' {
  const data: import('../src/engine/model/site-data').SiteData;
  export default data;
}
