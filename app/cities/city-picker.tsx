import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { groupDigits } from "~/i18n/digits";
import { useT } from "~/i18n/i18n";
import { CITY_GROUPS, isCityValue, normaliseForSearch, searchCities } from "./cities";

const TOTAL_CITIES = CITY_GROUPS.reduce((n, g) => n + g.values.length, 0);
const SHOWN_AT_MOST = 50;
const NOT_SEARCHED: ReturnType<typeof searchCities> = { groups: [], total: 0 };

export interface CityPickerProps {
  id: string;
  label: string;
  /** The chosen value ("Makati, Metro Manila"), or "" / undefined. */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  errorId?: string;
  errors?: string[];
  placeholder?: string;
  /**
   * The name the typed text is posted as (e.g. `pickupCityText`): before the page's JavaScript runs
   * (or without it) the list cannot open, so the server reads the city from the text.
   */
  textName?: string;
}

/**
 * A searchable city picker (ARIA combobox with a grouped listbox). Type to filter ("las pinas"
 * finds Las Piñas), Up/Down to move, Enter to choose, Escape to close. Only values from the list
 * can be chosen; leaving the field with text that is not a city restores the last choice.
 */
export function CityPicker({ id, label, value, onChange, onBlur, errorId, errors, placeholder, textName }: CityPickerProps) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState(value ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Typed before the page's JavaScript arrived (a slow phone): keep it, and open the list if still typing.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === text) return;
    setText(input.value);
    if (document.activeElement === input) setOpen(true);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A value set from outside shows in the box. (Clearing happens while typing, and a form reset
  // remounts the picker through its key, so an empty value never wipes what is being typed.)
  useEffect(() => {
    if (value) setText(value);
  }, [value]);

  const query = text === value ? "" : text;
  // Searched only while the list is open: indexing the 1,650 names is a hydration task of its own.
  const { groups, total } = useMemo(() => (open ? searchCities(query, SHOWN_AT_MOST) : NOT_SEARCHED), [query, open]);
  const options = useMemo(() => groups.flatMap((g) => g.values), [groups]);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (!open) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active, open]); // eslint-disable-line react-hooks/exhaustive-deps

  function choose(next: string) {
    setText(next);
    setOpen(false);
    if (next !== value) onChange(next);
  }

  function settle() {
    setOpen(false);
    if (text.trim() === "") {
      if (value) onChange("");
      setText("");
      return;
    }
    if (isCityValue(text)) return choose(text);
    const wanted = normaliseForSearch(text);
    const found = searchCities(text, SHOWN_AT_MOST);
    const candidates = found.groups.flatMap((g) => g.values);
    const exact = candidates.filter((o) => normaliseForSearch(o) === wanted || normaliseForSearch(o.split(",")[0]!) === wanted);
    if (exact.length === 1) return choose(exact[0]!);
    if (candidates.length === 1 && found.total === 1) return choose(candidates[0]!);
    setText(value ?? "");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case "Home":
      case "End":
        if (open && options.length > 0) {
          event.preventDefault();
          setActive(event.key === "Home" ? 0 : options.length - 1);
        }
        break;
      case "Enter":
        if (open && options[active]) {
          event.preventDefault();
          choose(options[active]!);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setText(value ?? "");
        }
        break;
    }
  }

  const describedBy = [errors?.length ? errorId : undefined, `${id}-hint`].filter(Boolean).join(" ");
  let index = -1;
  return (
    <div className="city-picker">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={textName}
        type="text"
        role="combobox"
        autoComplete="off"
        autoCapitalize="words"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options.length > 0 ? optionId(active) : undefined}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        placeholder={placeholder ?? t("booking.city.placeholder")}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (value) onChange("");
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          settle();
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="visually-hidden">
        {t("booking.city.hint", { count: groupDigits(TOTAL_CITIES) })}
      </p>
      <ul id={listId} ref={listRef} role="listbox" aria-label={label} className="city-picker-list" hidden={!open}>
        {open && options.length === 0 ? (
          <li className="city-picker-empty" role="presentation">
            {t("booking.city.none", { text })}
          </li>
        ) : null}
        {open
          ? groups.map((group) => (
              <li key={group.group} role="presentation">
                <ul role="group" aria-label={group.group} className="city-picker-group">
                  <li role="presentation" className="city-picker-group-label" aria-hidden="true">
                    {group.group}
                  </li>
                  {group.values.map((option) => {
                    index += 1;
                    const optionIndex = index;
                    return (
                      <li
                        key={option}
                        id={optionId(optionIndex)}
                        role="option"
                        aria-selected={option === value}
                        data-active={optionIndex === active ? "true" : undefined}
                        className="city-picker-option"
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseMove={() => setActive(optionIndex)}
                        onClick={() => choose(option)}
                      >
                        {option}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))
          : null}
        {open && total > options.length ? (
          <li className="city-picker-more" role="presentation">
            {t("booking.city.more", { shown: options.length, total: groupDigits(total) })}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
