export { languageAction as action, languageLoader as loader } from "./route.server";
