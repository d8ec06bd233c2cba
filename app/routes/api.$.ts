/** Any `/api` path without its own route: a JSON 404, never the HTML page. */
const notFound = () => Response.json({ message: "Not Found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
