import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { useMessages } from "#app/lib/i18n.ts";

/** Width and height (px) the OpenStreetMap view is framed for when working out its bounding box. */
const FRAME = { width: 800, height: 450 };

/**
 * The OpenStreetMap embed address centred on a place: the bounding box is what
 * a map of the frame's size shows at `zoom` (256 px tiles), with a marker.
 */
export function openStreetMapEmbedUrl(lat: number, lng: number, zoom: number): string {
  const z = Math.min(Math.max(Math.round(zoom), 0), 19);
  const degreesPerPixel = 360 / (256 * 2 ** z);
  const halfLng = Math.min((FRAME.width / 2) * degreesPerPixel, 180);
  const halfLat = Math.min((FRAME.height / 2) * degreesPerPixel * Math.cos((lat * Math.PI) / 180), 85);
  const fixed = (value: number) => Number(value.toFixed(5)).toString();
  const bbox = [lng - halfLng, Math.max(lat - halfLat, -85), lng + halfLng, Math.min(lat + halfLat, 85)]
    .map(fixed)
    .join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${fixed(lat)},${fixed(lng)}`;
}

export type ContactMapData = { embedHtml: string } | { lat: number; lng: number; zoom: number };

/**
 * "Find Us": the admin's sanitised embed, or an OpenStreetMap view; always full
 * width and 450 px high. The map is another site's page (a connection to its
 * host, its own scripts), so the browser is given it only once this page is
 * hydrated: it never competes with the page's own text, styles and scripts
 * (Lighthouse charged its request to the first paint: 1.38 s against 0.75 s on
 * the other pages). The frame keeps its height meanwhile, so nothing shifts;
 * without JavaScript the same map comes from `<noscript>`.
 */
export function ContactMap({ map }: { map: ContactMapData }) {
  const hydrated = useHydrated();
  const { contact } = useMessages();
  const embed =
    "embedHtml" in map ? (
      // The HTML was sanitised in the loader (only an iframe from an allow-listed map host).
      <div dangerouslySetInnerHTML={{ __html: map.embedHtml }} />
    ) : (
      <iframe
        src={openStreetMapEmbedUrl(map.lat, map.lng, map.zoom)}
        title={contact.mapTitle}
        width="100%"
        height={450}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="border-0"
      />
    );
  return (
    <div className="h-[450px] overflow-hidden rounded-2xl bg-brand-900 ring-1 ring-white/10 [&_iframe]:block [&_iframe]:h-[450px] [&_iframe]:w-full">
      {hydrated ? embed : <noscript>{embed}</noscript>}
    </div>
  );
}
