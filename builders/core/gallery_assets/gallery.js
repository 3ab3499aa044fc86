// Gallery filters: a question stays visible when it matches every chosen filter,
// an image card when at least one of its questions does. No network, no libraries.
// A split of several pages also loads its index (window.GALLERY_INDEX): the page then
// counts the matching images of the whole split and links the pages that have some.
// Chosen filters travel in the address (?column=value), so they survive a change of page.
"use strict";

// At most this many matching pages are listed: the pager stays a line or two.
const LISTED_PAGES = 20;

document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("form.filters");
  if (!form) {
    return; // the index page has no filters
  }
  const selects = Array.from(form.querySelectorAll("select[data-filter]"));
  const cards = Array.from(document.querySelectorAll("article.card"));
  const shown = document.getElementById("shown");
  const total = document.querySelectorAll(".question").length;
  const index = window.GALLERY_INDEX;
  const pagers = Array.from(document.querySelectorAll("nav.pager"));

  const asked = new URLSearchParams(window.location.search);
  for (const select of selects) {
    const value = asked.get(select.dataset.filter);
    if (value !== null && Array.from(select.options).some((option) => option.value === value)) {
      select.value = value;
    }
  }

  function chosenFilters() {
    // The first option of each select is "all"; any other selection is a filter.
    return selects
      .filter((select) => select.selectedIndex > 0)
      .map((select) => [select.dataset.filter, select.value]);
  }

  // Matching images on each page of the split, from the index.
  function matchesPerPage(chosen) {
    const wanted = chosen.map(([column, value]) => {
      const c = index.columns.indexOf(column);
      return [c, index.values[c].indexOf(value)];
    });
    const tupleMatches = index.tuples.map((tuple) => wanted.every(([c, v]) => tuple[c] === v));
    const signatureMatches = index.signatures.map((ids) => ids.some((id) => tupleMatches[id]));
    return index.pages.map((page) => page.filter((signature) => signatureMatches[signature]).length);
  }

  function showMatchingPages(chosen, query) {
    const counts = chosen.length ? matchesPerPage(chosen) : null;
    for (const pager of pagers) {
      const line = pager.querySelector(".matches");
      line.replaceChildren();
      line.hidden = counts === null;
      if (counts === null) {
        continue;
      }
      const found = counts.reduce((sum, count) => sum + count, 0);
      const pages = counts.map((count, page) => [page, count]).filter(([, count]) => count > 0);
      line.append(`${found} matching images in the split, on ${pages.length} pages: `);
      for (const [page, count] of pages.slice(0, LISTED_PAGES)) {
        const link = document.createElement("a");
        link.href = index.files[page] + query;
        link.textContent = String(page + 1);
        line.append(link, ` (${count}) `);
      }
      if (pages.length > LISTED_PAGES) {
        line.append(`… and ${pages.length - LISTED_PAGES} more`);
      }
    }
    return counts === null ? null : counts.reduce((sum, count) => sum + count, 0);
  }

  function apply() {
    const chosen = chosenFilters();
    let images = 0;
    let questions = 0;
    for (const card of cards) {
      let kept = 0;
      for (const row of card.querySelectorAll(".question")) {
        const match = chosen.every(([name, value]) => row.getAttribute("data-" + name) === value);
        row.hidden = !match;
        kept += match ? 1 : 0;
      }
      card.hidden = kept === 0;
      images += kept > 0 ? 1 : 0;
      questions += kept;
    }
    let text = `${images} of ${cards.length} images, ${questions} of ${total} questions shown`;
    if (index) {
      const query = chosen.length ? "?" + new URLSearchParams(chosen).toString() : "";
      for (const link of document.querySelectorAll("a[data-base]")) {
        link.href = link.dataset.base + query;
      }
      const found = showMatchingPages(chosen, query);
      text += " on this page";
      if (found !== null) {
        text += `; ${found} matching images in the split`;
      }
    }
    shown.textContent = text;
  }

  form.addEventListener("change", apply);
  // "reset" fires before the selects change back, so apply once they have.
  form.addEventListener("reset", () => setTimeout(apply));
  apply();
});
