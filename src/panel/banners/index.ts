// The banners' lazy boundary: the chunk the panel loads when it first has something to report.
export { renderPanelBanners } from './banners.js';
