import type { ToolRun } from '@parley/core/entities';
import { MarkdownView } from '../markdown';
import { HtmlResultFrame } from './HtmlResultFrame';
import { useToolImageView } from './tool-image-view';

/** What a result shows the user besides its text (TL7), as stored on the message. */
export function ToolResultDisplay({ display }: { display: NonNullable<ToolRun['display']> }) {
  if (display.kind === 'markdown') {
    return (
      <div className="mt-2">
        <MarkdownView text={display.markdown} />
      </div>
    );
  }
  if (display.kind === 'html') return <HtmlResultFrame html={display.html} />;
  return <ToolCards cards={display.cards} />;
}

function ToolCards({
  cards,
}: {
  cards: Extract<NonNullable<ToolRun['display']>, { kind: 'cards' }>['cards'];
}) {
  const display = { cards };
  // Pictures a tool stored as attachments (generate_image) are image cards.
  const ImageView = useToolImageView((state) => state.view);
  const pictures = display.cards.filter((card) => card.imageUrl?.startsWith('attachment:'));
  if (ImageView && pictures.length > 0 && pictures.length === display.cards.length) {
    return (
      <ul className="mt-2 flex flex-wrap gap-2">
        {pictures.map((card, index) => (
          <li key={index}>
            <ImageView url={card.imageUrl!} name={card.title} prompt={card.text} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
      {display.cards.map((card, index) => (
        <li key={index} className="w-56 shrink-0 rounded-lg border border-line bg-raised p-3 text-sm">
          {card.url ? (
            <a
              href={card.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-accent underline"
            >
              {card.title}
            </a>
          ) : (
            <p className="font-medium">{card.title}</p>
          )}
          {card.text && <p className="mt-1 line-clamp-4 text-fg-muted">{card.text}</p>}
        </li>
      ))}
    </ul>
  );
}
