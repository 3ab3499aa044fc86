// Gallery filters: a question stays visible when it matches every chosen filter,
// an image card when at least one of its questions does. No network, no libraries.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("form.filters");
  if (!form) {
    return; // the index page has no filters
  }
  const selects = Array.from(form.querySelectorAll("select[data-filter]"));
  const cards = Array.from(document.querySelectorAll("article.card"));
  const shown = document.getElementById("shown");
  const total = document.querySelectorAll("tr.question").length;

  function apply() {
    // The first option of each select is "all"; any other selection is a filter.
    const chosen = selects
      .filter((select) => select.selectedIndex > 0)
      .map((select) => ["data-" + select.dataset.filter, select.value]);
    let images = 0;
    let questions = 0;
    for (const card of cards) {
      let kept = 0;
      for (const row of card.querySelectorAll("tr.question")) {
        const match = chosen.every(([name, value]) => row.getAttribute(name) === value);
        row.hidden = !match;
        kept += match ? 1 : 0;
      }
      card.hidden = kept === 0;
      images += kept > 0 ? 1 : 0;
      questions += kept;
    }
    shown.textContent =
      `${images} of ${cards.length} images, ${questions} of ${total} questions shown`;
  }

  form.addEventListener("change", apply);
  // "reset" fires before the selects change back, so apply once they have.
  form.addEventListener("reset", () => setTimeout(apply));
  apply();
});
