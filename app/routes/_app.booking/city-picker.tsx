import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { groupDigits } from "~/i18n/digits";
import { useT } from "~/i18n/i18n";
import { CITY_GROUPS, cityChoices, cityNamedBy, isCityValue, searchCities } from "~/places/cities";

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
  /**
   * The form field the chosen value is posted as (`pickupCity`): conform keeps it in a hidden
   * field of its own, and focuses that one on a refused submit, which scrolls to nowhere; the focus
   * is passed on to this box, so the page shows the field and what it says.
   */
  fieldName?: string;
}

/**
 * A searchable city picker (ARIA combobox with a grouped listbox). Type to filter ("las pinas"
 * finds Las Piñas), Up/Down to move, Enter to choose, Escape to close. Only values from the list
 * are accepted: leaving the field with text that names one place chooses it ("makati"); other text
 * stays as typed and becomes the value, which the schema refuses ("… must be chosen from the
 * list"), and `CityChoices` lists the places it may mean under the field.
 */
export function CityPicker({
  id,
  label,
  value,
  onChange,
  onBlur,
  errorId,
  errors,
  placeholder,
  textName,
  fieldName,
}: CityPickerProps) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState(value ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Focus given by the page (a refused submit), not by a tap: the box shows, the list stays closed.
  const quietFocus = useRef(false);

  // Typed before the page's JavaScript arrived (a slow phone): keep it, and open the list if still typing.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === text) return;
    setText(input.value);
    if (document.activeElement === input) setOpen(true);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const input = inputRef.current;
    if (!fieldName || !input?.form) return;
    const form = input.form;
    const passOn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (target === input || target?.getAttribute("name") !== fieldName) return;
      quietFocus.current = true;
      input.focus();
    };
    form.addEventListener("focusin", passOn);
    return () => form.removeEventListener("focusin", passOn);
  }, [fieldName]);

  // A value set from outside shows in the box. (Clearing happens while typing, and a form reset
  // remounts the picker through its key, so an empty value never wipes what is being typed.)
  useEffect(() => {
    if (value) setText(value);
  }, [value]);

  // A chosen city shows the whole list when the field is opened again; text not yet a city filters it.
  const query = text === value && isCityValue(text) ? "" : text;
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
    const named = cityNamedBy(text);
    if (named) return choose(named);
    // Kept as typed, never emptied without a word: the field says to choose, and lists the places.
    if (text.trim() !== value) onChange(text.trim());
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
        onFocus={() => {
          if (quietFocus.current) quietFocus.current = false;
          else setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          settle();
          // Checked once the settled value has reached the form (the caller's control writes its
          // field in an effect after this render), so the message is about what stays in the box.
          if (onBlur) setTimeout(onBlur, 0);
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

/**
 * The places a city typed but not chosen may mean ("Calamba": Calamba City, Laguna and Calamba,
 * Misamis Occidental), under the field that says "… must be chosen from the list": radio buttons,
 * posted as `name` (`pickupCityChoice`) without JavaScript, choosing at once with it. Nothing
 * while the value is a city of the list, or empty.
 */
export function CityChoices({
  id,
  typed,
  name,
  legend,
  onChoose,
}: {
  id: string;
  typed: string | undefined;
  name: string;
  legend: string;
  onChoose: (city: string) => void;
}) {
  const t = useT();
  // With JavaScript a choice sets the field at once; a named radio would also make the form check
  // a field of that name (and post itself), so the name is only there for the page without it.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const text = typed?.trim() ?? "";
  const { choices, total } = useMemo(
    () => (text && !isCityValue(text) ? cityChoices(text) : { choices: [], total: 0 }),
    [text],
  );
  if (choices.length === 0) return null;
  return (
    <fieldset id={id} className="city-choices" data-testid="city-choices">
      <legend>{legend}</legend>
      {choices.map((city) => (
        <label key={city} className="city-choice">
          <input type="radio" name={scripted ? undefined : name} value={city} onChange={() => onChoose(city)} />
          <span>{city}</span>
        </label>
      ))}
      {total > choices.length ? (
        <p className="field-hint">{t("booking.city.moreChoices", { total: groupDigits(total) })}</p>
      ) : null}
    </fieldset>
  );
}
