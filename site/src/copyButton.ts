/**
 * A "Copy the command line" button: copies the text of `source`, or, where the page may not
 * write the clipboard (an insecure origin, a refused permission), selects it for Ctrl+C; the
 * button says which for two seconds, then shows `label` again.
 */
export function wireCopyButton(button: HTMLButtonElement, source: HTMLElement, label: string): void {
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(source.textContent ?? '');
      button.textContent = 'Copied';
    } catch {
      const range = document.createRange();
      range.selectNodeContents(source);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      button.textContent = 'Selected: press Ctrl+C';
    }
    setTimeout(() => (button.textContent = label), 2000);
  });
}
