/** A text drawn on the map at a point (WGS-84). */
export interface MapLabel {
  text: string;
  lat: number;
  lng: number;
}

/** One label per street, at the middle of its places (the server labels its views the same). */
export { streetLabels } from '@portal/contract/constants';
