/** The ways `notify` lets the panel draw the operator's attention; none unless asked. */
export interface NotifyWays {
  /** `(N) ` before the page's title while messages are unread. */
  title: boolean;
  /** A short tone for a message the operator cannot be looking at. */
  sound: boolean;
  /** A desktop `Notification` for such a message while the page is hidden. */
  desktop: boolean;
}
