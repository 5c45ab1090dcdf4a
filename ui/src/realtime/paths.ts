/** MESSAGE_CENTER_PATH is the message centre's route (also the 发布公告 page menu's URL). */
export const MESSAGE_CENTER_PATH = "/messages";
