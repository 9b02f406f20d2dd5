// Image generation (decision 0127): the image models each provider offers, the request for a new
// picture or an edit, and what the answer held. Pure: the web app fetches and stores the pictures.
export * from './image-models';
export * from './image-request';
export * from './image-answer';
