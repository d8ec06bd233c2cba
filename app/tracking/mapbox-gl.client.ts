/**
 * mapbox-gl for the street map, loaded in the browser only. A `.client` module: the server build
 * gets an empty one, so the Worker does not carry mapbox-gl (1.8 MB, more than half of the Remix
 * server build; bench/README.md, deploy-size). The map is made in an effect, never on the server.
 */
export const loadMapbox = () => import("mapbox-gl");
