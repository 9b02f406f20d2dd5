/** Images in answers: remote ones wait for a click or an allowed host (decision 0025). */
export { AnswerImage } from './AnswerImage';
export { ImageHostsSetting } from './ImageHostsSetting';
export { createImageHostList, imageHostList, imageHostPref, IMAGE_HOSTS_KEY } from './image-hosts';
export type { ImageHostList } from './image-hosts';
