/** MESSAGE_CENTER_PATH is the message centre's route (also the announcement page menu's URL). */
export const MESSAGE_CENTER_PATH = "/messages";
