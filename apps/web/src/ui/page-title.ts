import { createContext, useContext } from 'react';

/** The current route's title from the route table, provided by the app for every page. */
export const PageTitleContext = createContext('');

/** The title the route table gives the page being rendered. */
export const usePageTitle = () => useContext(PageTitleContext);
