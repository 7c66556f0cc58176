import { escapeHtml } from './html';

export function sitemapXml(origin: string, routes: string[]): string {
  const urls = routes.map((route) => `  <url><loc>${escapeHtml(origin + route)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
